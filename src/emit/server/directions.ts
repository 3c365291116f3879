// How the server's types write the API's data, by the way it travels (as the client does): a
// request body leaves out read-only properties (directional types by their `<Name>Writable`
// shape), a response leaves out write-only ones.
import { RESPONSE_TYPES, type TypeTextOptions } from "../shared/ts-types.js";

export const SERVER_RESPONSE_TYPES: TypeTextOptions = { ...RESPONSE_TYPES, direction: "response" };
export const SERVER_REQUEST_TYPES: TypeTextOptions = { ...RESPONSE_TYPES, direction: "request" };
