// Finds the links in a message's text, for the development log of mail written to the outbox folder.

/** Every http(s) link in `text`, in order, without the punctuation that ends the sentence around it. */
export function linksIn(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"'`]+/g) ?? [];
  return found.map((link) => link.replace(/[.,;:!?)\]}]+$/, ''));
}
