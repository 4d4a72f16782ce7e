"""The device on the table: the app and its modes, the service that runs it, the camera dice, the configuration."""
