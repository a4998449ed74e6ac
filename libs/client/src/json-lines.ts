/**
 * Splits a byte stream into its lines (without the newline), however the chunks cut it: a line,
 * or a multi-byte character, may span any number of chunks. Blank lines are dropped.
 */
export async function* jsonLines(chunks: AsyncIterable<Uint8Array>, onBytes?: (bytes: number) => void): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let bytes = 0;
  let rest = '';
  for await (const chunk of chunks) {
    bytes += chunk.byteLength;
    onBytes?.(bytes);
    const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) yield line.endsWith('\r') ? line.slice(0, -1) : line;
  }
  rest += decoder.decode();
  if (rest.trim()) yield rest.endsWith('\r') ? rest.slice(0, -1) : rest;
}
