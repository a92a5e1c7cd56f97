/** One message of ask_stream: a piece of the reply, its end, or a refusal. */
export interface StreamEvent {
  content?: string;
  completed?: boolean;
  status?: string;
  description?: string;
}

/** The messages of an event stream, each message's data parsed as JSON, as they arrive. */
export async function* streamEvents(response: Response): AsyncGenerator<StreamEvent> {
  if (!response.body) return;
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      if (data) yield JSON.parse(data) as StreamEvent;
    }
  }
}

/** Every message of an event stream, once it has ended. */
export async function readEvents(response: Response): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of streamEvents(response)) events.push(event);
  return events;
}
