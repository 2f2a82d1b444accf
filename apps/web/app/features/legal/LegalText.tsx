import type { ReactNode } from 'react';

/** One block of lines: a list when every line starts with '- ', else a paragraph. */
function Lines({ lines }: { lines: string[] }) {
  if (lines.every((l) => l.startsWith('- '))) {
    return (
      <ul>
        {lines.map((l, j) => (
          <li key={j}>{l.slice(2)}</li>
        ))}
      </ul>
    );
  }
  return (
    <p>
      {lines.map((l, j) => (
        <span key={j}>
          {j > 0 ? <br /> : null}
          {l}
        </span>
      ))}
    </p>
  );
}

/**
 * A document's plain text as paragraphs (decision 0043): blocks split by a blank line; a line
 * starting with '## ' at the top of a block is a section heading (the lines under it go on as
 * the block), lines that all start with '- ' a list. Text only: nothing in it becomes HTML.
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
        const lines = block.split('\n').map((l) => l.trim());
        const heading = lines[0]!.startsWith('## ') ? lines.shift()!.slice(3) : null;
        return (
          <div key={i} className="legal__block">
            {heading ? <h2>{heading}</h2> : null}
            {lines.length > 0 ? <Lines lines={lines} /> : null}
          </div>
        );
      })}
    </>
  );
}
