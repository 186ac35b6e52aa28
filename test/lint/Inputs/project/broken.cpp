// Does not parse: `coroscope lint` must name it and exit 2.
Task<> nothing_declares_this();
