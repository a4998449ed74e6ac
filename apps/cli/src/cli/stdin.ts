/** All of stdin as text, without the final newline a shell `echo` or heredoc adds. */
export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

/** Words given on the command line, or stdin when the only word is `-`. */
export async function textArg(words: readonly string[], stdin: NodeJS.ReadableStream): Promise<string> {
  return words.length === 1 && words[0] === '-' ? readAll(stdin) : words.join(' ');
}
