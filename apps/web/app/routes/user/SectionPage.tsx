import type { Section } from './sections.ts';

/** The body of an account page that is still to come. */
export function SectionPage({ section, children }: { section: Section; children?: React.ReactNode }) {
  return (
    <main className="account__page">
      <h1 className="account__title">{section.title}</h1>
      {children}
      <div className="account__note">
        <p>{section.text}</p>
        <p>Раздел скоро появится — мы сообщим, когда он заработает.</p>
      </div>
    </main>
  );
}
