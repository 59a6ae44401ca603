"""Shared text data for the readers: number words (:mod:`.numbers`) and units (:mod:`.units`), pure tables; and the
pieces of reading both readers share: a reply that ends in a loop (:mod:`.loops`) and when a case-insensitive scan
may run on the lower-cased text (:mod:`.fold`)."""
