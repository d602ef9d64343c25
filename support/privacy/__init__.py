"""Personal data: anonymising old or erased conversations, exporting what is held
about one customer, and the pseudonym the audit log names them by."""
