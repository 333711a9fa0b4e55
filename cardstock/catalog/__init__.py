"""Reading inputs: a game file and its tables into a validated catalog."""
