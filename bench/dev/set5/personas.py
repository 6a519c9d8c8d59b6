# ruff: noqa: E501
# fmt: off
"""Personas for dev set 5 and the background memories stored in every scenario of each persona.

Background memories describe a life (job, family, home, hobbies) but must not answer any question
of the set.
"""

BACKGROUND = {
    "ines": [
        ("bg-ines-1", 700, "I'm a UX researcher, mostly interviewing people about banking apps"),
        ("bg-ines-2", 540, "Inês plays padel twice a week with her old university friends"),
        ("bg-ines-3", 410, "my partner Tomás is a sound engineer, works weird hours"),
        ("bg-ines-4", 260, "Leonor (my daughter) turned five and is obsessed with dinosaurs"),
        ("bg-ines-5", 120, "The user grew up in Coimbra and still calls it home sometimes"),
    ],
    "kwame": [
        ("bg-kwame-1", 690, "I'm a structural engineer at a small consultancy, mostly bridges and culverts"),
        ("bg-kwame-2", 500, "Kwame and Efua have two boys, Kofi (12) and Yaw (9)"),
        ("bg-kwame-3", 330, "Die-hard Hearts of Oak supporter since I was a kid, don't ask me about Kotoko"),
        ("bg-kwame-4", 210, "The user keeps about two hundred layers on a small poultry farm outside town as a side business"),
        ("bg-kwame-5", 45, "trying to lose 8 kg before I turn 45, Efua is making me walk in the evenings"),
    ],
    "hana": [
        ("bg-hana-1", 720, "Hana is a backend engineer at a payments startup, writes mostly Go"),
        ("bg-hana-2", 480, "I boulder three evenings a week, usually V4-V5 on a good day"),
        ("bg-hana-3", 300, "my cat Mochi is a grumpy 8 year old tabby"),
        ("bg-hana-4", 150, "learning Spanish on and off, somewhere around A2"),
        ("bg-hana-5", 60, "The user has a younger brother, Ren, who is doing a PhD in marine biology"),
    ],
    "mateo": [
        ("bg-mateo-1", 710, "I run a trattoria near the university, forty covers, family business since my father"),
        ("bg-mateo-2", 560, "Mateo's wife Giulia handles the books and the front of house"),
        ("bg-mateo-3", 380, "our son Luca studies mechanical engineering in Turin"),
        ("bg-mateo-4", 240, "Sunday mornings are for the road bike, 80-100 km in the hills if the weather holds"),
        ("bg-mateo-5", 30, "The user is 52 and complains about his knees a lot"),
    ],
    "priya": [
        ("bg-priya-1", 730, "Priya is a product manager at a B2B invoicing SaaS, leads the payments squad"),
        ("bg-priya-2", 520, "my mother moved in with us after my father passed"),
        ("bg-priya-3", 350, "I learned Carnatic vocal for ten years as a kid and recently started again"),
        ("bg-priya-4", 200, "husband Arjun is a cardiologist, on call a lot"),
        ("bg-priya-5", 90, "The user likes short bullet summaries rather than long prose"),
    ],
    "olaf": [
        ("bg-olaf-1", 725, "I was a GP for thirty years, now I do two locum days a week"),
        ("bg-olaf-2", 600, "Olaf has four grandchildren, the oldest is eleven"),
        ("bg-olaf-3", 420, "sailing is my real hobby, an old wooden folkboat called Tärnan"),
        ("bg-olaf-4", 190, "The user's wife Birgitta is a retired music teacher who still gives piano lessons"),
        ("bg-olaf-5", 75, "I read crime novels in the evenings, mostly Scandinavian ones, yes I know"),
    ],
    "dana": [
        ("bg-dana-1", 715, "I teach AP chemistry and coach the science olympiad team"),
        ("bg-dana-2", 530, "Dana and her wife Rosa have twins, Mia and Theo, in fourth grade"),
        ("bg-dana-3", 310, "trail running keeps me sane, did my first 50k this spring"),
        ("bg-dana-4", 170, "The user grew up on a ranch in Wyoming and still goes back every July"),
        ("bg-dana-5", 20, "Rosa works as an ER nurse, mostly night shifts"),
    ],
    "yusuf": [
        ("bg-yusuf-1", 705, "freelance video editor, mostly music videos and a few documentaries"),
        ("bg-yusuf-2", 470, "Yusuf plays bass in a post-punk band called Soğuk Çay"),
        ("bg-yusuf-3", 320, "I grew up in Izmir, my parents and my sister are still there"),
        ("bg-yusuf-4", 160, "The user edits on DaVinci Resolve and swears by it"),
        ("bg-yusuf-5", 50, "I'm 27 and have never owned a car, bikes everywhere"),
    ],
}
