// The public surface of the guide feature: what other features and the pages may import.
export { WhatNow } from "./Guide.tsx";
