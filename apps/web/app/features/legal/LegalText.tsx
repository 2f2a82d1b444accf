import type { ReactNode } from 'react';

/**
 * A document's plain text as paragraphs (decision 0043): blocks split by a blank line; a block
 * starting with '## ' is a section heading, one whose lines start with '- ' a list.
 */
export function LegalText({ body }: { body: string }) {
  const blocks = body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
  return (
    <>
      {blocks.map((block, i): ReactNode => {
        if (block.startsWith('## ')) return <h2 key={i}>{block.slice(3)}</h2>;
        const lines = block.split('\n');
        if (lines.every((l) => l.startsWith('- '))) {
          return (
            <ul key={i}>
              {lines.map((l, j) => (
                <li key={j}>{l.slice(2)}</li>
              ))}
            </ul>
          );
        }
        return (
          <p key={i}>
            {lines.map((l, j) => (
              <span key={j}>
                {j > 0 ? <br /> : null}
                {l}
              </span>
            ))}
          </p>
        );
      })}
    </>
  );
}
