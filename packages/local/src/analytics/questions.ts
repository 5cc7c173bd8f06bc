/**
 * Whether the assistant answered a question, read from its stream as it passes: a question is
 * not answered when its search found nothing, when the answer is the "not in the docs" one (it cites no page),
 * or when the stream ended in an error. A stream the client left is not a question answered
 * or unanswered: nothing is reported.
 */

interface Chunk {
  type: string;
  [key: string]: unknown;
}

export async function* watchAnswer<T extends Chunk>(chunks: AsyncIterable<T>, signal: AbortSignal, onEnd: (answered: boolean) => void): AsyncIterable<T> {
  // An answer lists the pages it comes from; the "not in the docs" answer (in whatever language) has none.
  let sourced = false;
  let hits: number | undefined;
  let failed = false;
  for await (const chunk of chunks) {
    if (chunk.type === 'source-url') sourced = true;
    else if (chunk.type === 'tool-output-available') hits = ((chunk.output as { hits?: unknown[] } | undefined)?.hits ?? []).length;
    else if (chunk.type === 'error' || chunk.type === 'tool-output-error') failed = true;
    yield chunk;
  }
  // The assistant ends its stream quietly when the client leaves: that is no answer either way.
  if (!signal.aborted) onEnd(!failed && hits !== 0 && sourced);
}

/** The question of a conversation: the text of its last user message. */
export function lastQuestion(messages: ReadonlyArray<{ role: string; parts: ReadonlyArray<{ type: string; text?: unknown }> }>): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role !== 'user') continue;
    return message.parts
      .filter((part) => part.type === 'text' && typeof part.text === 'string')
      .map((part) => part.text as string)
      .join(' ')
      .trim();
  }
  return '';
}
