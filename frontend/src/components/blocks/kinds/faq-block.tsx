import { jsonLdText } from '@/lib/head';
import { listOf, textOf } from '../block-data';
import type { BlockData } from '../block-schema';
import type { BlockProps } from '../block-registry';
import './faq-block.css';
import { BlockSection } from './block-section';

export interface FaqItem {
  question: string;
  answer: string;
}

/** The block's questions that have both a question and an answer (a preview may be half typed). */
export function faqItemsOf(data: BlockData): FaqItem[] {
  return listOf(data, 'items').flatMap((item) => {
    const question = textOf(item, 'question').trim();
    const answer = textOf(item, 'answer').trim();
    return question && answer ? [{ question, answer }] : [];
  });
}

/** schema.org FAQPage of the questions, the structured data search engines read for FAQ results. */
export function faqPageJsonLd(items: readonly FaqItem[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answer },
    })),
  };
}

/** An answer's paragraphs: a blank line starts a new one (a single line break stays, see the CSS). */
function paragraphsOf(answer: string): string[] {
  return answer
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/**
 * Questions and answers as a disclosure list: <details>/<summary> opens and closes without
 * JavaScript, by keyboard (Enter, Space) and by screen readers as a button. Every answer is in the
 * page's markup either way, and the FAQPage JSON-LD beside it says the same to search engines.
 */
export function FaqBlock({ data, blockId }: BlockProps) {
  const items = faqItemsOf(data);

  return (
    <BlockSection data={data} blockId={blockId} className="faq-block" leadClassName="faq-block__lead">
      {items.length > 0 && (
        <>
          <ul className="faq-block__list">
            {items.map(({ question, answer }, index) => (
              <li key={index} className="faq-block__item">
                <details className="faq-block__details">
                  <summary className="faq-block__summary">
                    <h3 className="faq-block__question">{question}</h3>
                  </summary>
                  <div className="faq-block__answer">
                    {paragraphsOf(answer).map((paragraph, at) => (
                      <p key={at}>{paragraph}</p>
                    ))}
                  </div>
                </details>
              </li>
            ))}
          </ul>
          {/* JSON text, "<" escaped by jsonLdText so no answer can close the script element. */}
          <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(faqPageJsonLd(items)) }} />
        </>
      )}
    </BlockSection>
  );
}
