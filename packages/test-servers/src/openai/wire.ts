/** A JSON object as the wire carried it; tests narrow what they read. */
export type WireObject = { [key: string]: unknown };

/** A request body of either OpenAI API, with the fields the tests read. */
export interface WireRequest extends WireObject {
  model?: string;
  tools?: WireObject[];
  input?: string | WireObject[];
  messages?: WireObject[];
  stream?: boolean;
}

/** The API's error body. */
export const apiError = (message: string, type = 'invalid_request_error'): WireObject => ({
  error: { message, type, param: null, code: null },
});
