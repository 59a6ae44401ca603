"""Shared text data for the readers: number words (:mod:`.numbers`) and units (:mod:`.units`), pure tables; and the
one piece of reading both readers share, a reply that ends in a loop (:mod:`.loops`)."""
