"""What slacheck works out about offerings besides rule findings: the acceptance plan, how a revision moved,
and what an offer should deliver."""
