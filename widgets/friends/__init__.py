"""Tables for friends on their own devices (the app mode): the store of their moves, the table as each device
sees it, and its screen."""
