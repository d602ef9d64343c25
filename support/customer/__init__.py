"""The customer path: the widget's API, conversations, the turn with its tools, the model client."""
