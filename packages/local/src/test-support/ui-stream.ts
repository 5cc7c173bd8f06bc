/** Reading a UI message stream (`data: <json>` events, ended by `data: [DONE]`) as the loopback server's chat endpoints send it. */

export type Chunk = { type: string; [field: string]: unknown };

/** The events of a UI message stream: chunks, and whether it ended with `[DONE]`. */
export function parseStream(text: string): { chunks: Chunk[]; done: boolean } {
  const data = text
    .split('\n\n')
    .filter((event) => event.startsWith('data: '))
    .map((event) => event.slice('data: '.length));
  const done = data[data.length - 1] === '[DONE]';
  return { chunks: data.filter((item) => item !== '[DONE]').map((item) => JSON.parse(item) as Chunk), done };
}

/** The answer's text: its text deltas joined. */
export function answerText(chunks: Chunk[]): string {
  return chunks.filter((chunk) => chunk.type === 'text-delta').map((chunk) => chunk.delta as string).join('');
}
