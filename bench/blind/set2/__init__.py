"""Blind scenario set 2 (loader name ``blind2``), written on 2026-11-28 by a helper agent
working blind: it did not read engram's source, rules, tests or any other scenario set, so the
phrasing of memories and questions was not shaped by how the service ranks. Eight personas
(an SRE in Wroclaw, a paediatric nurse in Manchester, a ramen shop owner in Fukuoka, a freelance
designer in Buenos Aires, a product manager in Bengaluru, a retired marine engineer in Bergen,
a coffee agronomist near Nyeri and an indie game developer in Portland) and sixteen scenarios
for each of the eight kinds.
"""
