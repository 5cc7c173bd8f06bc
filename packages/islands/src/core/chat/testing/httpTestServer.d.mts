export interface RecordedRequest {
  method: string;
  /** Path and query. */
  url: string;
  /** Path without the query. */
  path: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: string;
  json(): unknown;
}

export interface TestReply {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Written one by one, each as its own network chunk. */
  chunks?: string[];
  /** Destroys the connection after the chunks instead of ending the response. */
  cut?: boolean;
}

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export function startTestServer(handle: (request: RecordedRequest) => TestReply | void | Promise<TestReply | void>): Promise<TestServer>;
export function sseReply(chunks: unknown[], options?: { done?: boolean; status?: number }): TestReply;
