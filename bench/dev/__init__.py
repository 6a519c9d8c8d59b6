"""Development scenario sets (issue 28): written like the blind sets, by writers who had not read
engram's rules, extractors, enrichers or any other scenario set, in the layout of bench/scenarios.
Unlike the blind sets, their misses are read and diagnosed: a mechanism found here is then measured
on the blind sets, which stay unseen."""
