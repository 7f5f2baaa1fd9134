// Markdown that people typed into the app (a step's instructions), drawn the same wherever it shows — the desk's work
// order page and the floor view: no HTML written in it is ever rendered, and links keep only safe schemes. A drop-in
// for react-markdown's component, so a screen that used it directly changes only its import.
import Markdown, { defaultUrlTransform, type Options } from 'react-markdown';

export { defaultUrlTransform };

/** react-markdown with HTML always skipped and react-markdown's own safe URL transform unless one is given. */
export default function SafeMarkdown({ urlTransform = defaultUrlTransform, ...options }: Options) {
  return <Markdown {...options} skipHtml urlTransform={urlTransform} />;
}
