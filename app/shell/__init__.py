"""What wraps every request: CORS and security headers, limits, routing, request ids, tracing, the
contract's texts, probes."""
