// Blocks until the named index is ONLINE, at most 300 s (then fails, and so does the boot).
CALL db.awaitIndex($name, 300)
