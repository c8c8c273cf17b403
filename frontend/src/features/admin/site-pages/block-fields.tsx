import type { BlockProblem } from '@/components/blocks/validate-blocks';
import { isObjectList, type BlockData, type FieldSchema } from '@/components/blocks/block-schema';
import { CONTACT_DIALOG_HREF } from '@/components/blocks/block-data';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { AdminCheck } from '@/features/admin/shared/admin-check';
import { AdminSelectField } from '@/features/admin/shared/admin-select-field';
import { AdminTextField } from '@/features/admin/shared/admin-text-field';
import { Counter } from '@/features/admin/shared/counter';
import { MediaPickerField } from '@/features/admin/shared/media/media-picker-field';
import { lazyComponent } from '@/lib/lazy-component';
import { emptyItem, moveBlock, removeAt, withField } from './block-editing';
import { fieldId, hasProblemWithin, problemsAt, sitePathOfImage } from './block-problems';

/** Choices said in words: the home page's illustration, and otherwise the option itself, capitalised. */
const CHOICE_LABELS: Record<string, string> = {
  none: 'None',
  image: 'An image',
  'claim-timeline': 'The claim timeline illustration',
  band: 'Band (home page)',
  tiles: 'Tiles',
  featured: 'Featured whitepapers',
  all: 'All whitepapers',
};

function choiceLabel(option: string): string {
  const words = option.replaceAll('-', ' ');
  return CHOICE_LABELS[option] ?? words.charAt(0).toUpperCase() + words.slice(1);
}

/** The post editor's rich text field, loaded (with Quill) only when a block has one. */
const RichTextField = lazyComponent(async () => (await import('./rich-text-field')).RichTextField);

interface FieldProps {
  field: FieldSchema;
  /** The field's path in the block (`cards[2].title`): its problems' and its control's name. */
  path: string;
  /** Its visible label (a list's items: "Point 3"). */
  label: string;
  value: unknown;
  /** The new value; undefined removes the field (not given). */
  onChange: (value: unknown) => void;
  blockId: string;
  problems: readonly BlockProblem[];
  /** A list's item: always present, so blank text stays '' rather than removed. */
  inList?: boolean;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The first problem at `path`, as a field shows it under its control. */
function errorAt(problems: readonly BlockProblem[], path: string): string | undefined {
  const [first, ...more] = problemsAt(problems, path);
  return first === undefined ? undefined : [first, ...more].join(' ');
}

const LINK_HINT = `A site path (/contact), an #anchor, an https:// address, mailto: or tel:. ${CONTACT_DIALOG_HREF} opens the contact form.`;

/** One field of a block, as a control generated from its schema. */
export function BlockField({ field, path, label, value, onChange, blockId, problems, inList = false }: FieldProps) {
  const id = fieldId(blockId, path);
  const error = errorAt(problems, path);
  const hint = field.help;
  const setText = (next: string) => {
    onChange(next === '' && !inList ? undefined : next);
  };

  switch (field.type) {
    case 'text':
      return (
        <AdminTextField
          id={id}
          label={label}
          value={text(value)}
          onChange={setText}
          required={field.required}
          multiline={field.multiline}
          counter={{ max: field.max }}
          hint={hint}
          error={error}
        />
      );
    case 'anchor':
      return (
        <AdminTextField
          id={id}
          label={label}
          value={text(value)}
          onChange={setText}
          required={field.required}
          placeholder="pricing"
          hint={hint ?? 'Lower-case letters, digits and hyphens: links to #name jump to this block.'}
          error={error}
        />
      );
    case 'link':
      return (
        <AdminTextField
          id={id}
          label={label}
          value={text(value)}
          onChange={setText}
          required={field.required}
          placeholder="/contact"
          hint={hint ?? LINK_HINT}
          error={error}
        />
      );
    case 'richtext':
      return (
        <div className="admin-field">
          <span className="admin-label" id={`${id}-label`}>
            {label}
            {field.required && ' *'}
          </span>
          <RichTextField label={label} value={text(value)} onChange={setText} />
          <Counter id={`${id}-counter`} text={text(value)} max={field.max} />
          {error && (
            <p className="admin-error admin-field__error" role="alert">
              {error}
            </p>
          )}
        </div>
      );
    case 'choice': {
      const current = typeof value === 'string' && field.options.includes(value) ? value : field.options[0];
      return (
        <div>
          <AdminSelectField
            id={id}
            label={label}
            value={current ?? ''}
            options={field.options.map((option) => [option, choiceLabel(option)] as const)}
            onChange={onChange}
          />
          {error && (
            <p className="admin-error admin-field__error" role="alert">
              {error}
            </p>
          )}
        </div>
      );
    }
    case 'boolean':
      return (
        <div className="admin-field">
          <AdminCheck checked={value === true} onChange={onChange}>
            {label}
          </AdminCheck>
          {hint && <p className="admin-muted">{hint}</p>}
          {error && (
            <p className="admin-error admin-field__error" role="alert">
              {error}
            </p>
          )}
        </div>
      );
    case 'number':
      return (
        <AdminTextField
          id={id}
          label={label}
          type="number"
          inputMode="numeric"
          value={typeof value === 'number' ? String(value) : ''}
          min={String(field.min)}
          max={String(field.max)}
          required={field.required}
          hint={hint ?? `A whole number from ${field.min} to ${field.max}.`}
          error={error}
          onChange={(next) => {
            onChange(next.trim() === '' ? undefined : Number(next));
          }}
        />
      );
    case 'image':
      return <ImageField {...{ field, path, label, value, onChange, blockId, problems }} />;
    case 'list':
      return <ListField {...{ field, path, label, value, onChange, blockId, problems }} />;
  }
}

/** An image: chosen from the media library (or typed), with its alt text; cleared when both are blank. */
function ImageField({ field, path, label, value, onChange, blockId, problems }: FieldProps) {
  const image = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const src = text(image.src);
  const alt = text(image.alt);
  const id = fieldId(blockId, path);
  const set = (next: { src: string; alt: string }) => {
    onChange(next.src === '' && next.alt === '' && !field.required ? undefined : { ...image, ...next });
  };
  return (
    <fieldset className="admin-fieldset block-field__image">
      <legend>
        {label}
        {field.required && ' *'}
      </legend>
      {errorAt(problems, path) && (
        <p className="admin-error admin-field__error" role="alert">
          {errorAt(problems, path)}
        </p>
      )}
      <MediaPickerField
        label={label}
        imageUrl={src}
        imageAlt={alt}
        onPick={(picked) => {
          set({ src: sitePathOfImage(picked.url), alt: picked.alt || alt });
        }}
      >
        <AdminTextField
          id={`${id}-src`}
          label="Image address"
          value={src}
          placeholder="/images/…"
          hint="Choose one from the media library, or an address under /images/ or https://."
          error={errorAt(problems, `${path}.src`)}
          onChange={(next) => {
            set({ src: next, alt });
          }}
        />
        <AdminTextField
          id={`${id}-alt`}
          label="Alt text"
          value={alt}
          counter={{ max: 300 }}
          hint="What the image shows, for people who cannot see it."
          error={errorAt(problems, `${path}.alt`)}
          onChange={(next) => {
            set({ src, alt: next });
          }}
        />
      </MediaPickerField>
    </fieldset>
  );
}

/** The singular of a list's label for its items' names ("Cards" → "Card"). */
function itemName(label: string): string {
  return label.replace(/ies$/, 'y').replace(/(?<!s)s$/, '');
}

/** A list: its items in order, each with Move up, Move down and Remove; Add while under the maximum. */
function ListField({ field, path, label, value, onChange, blockId, problems }: FieldProps) {
  if (field.type !== 'list') return null;
  const items: unknown[] = Array.isArray(value) ? value : [];
  const name = itemName(label);
  const id = fieldId(blockId, path);
  const set = (next: unknown[]) => {
    onChange(next.length === 0 && !field.min ? undefined : next);
  };
  const focusItem = (index: number, control: 'up' | 'down') => {
    // After the move the item has its new place: its own button keeps the focus there.
    requestAnimationFrame(() => {
      document.getElementById(`${id}-${index + 1}-${control}`)?.focus();
    });
  };
  const atMax = items.length >= field.max;
  return (
    <fieldset className="admin-fieldset block-field__list" aria-describedby={`${id}-count`}>
      <legend>
        {label}
        {field.required && ' *'}
      </legend>
      <p id={`${id}-count`} className="admin-muted">
        {items.length} of at most {field.max}
        {field.min ? ` (at least ${field.min})` : ''}
      </p>
      {problemsAt(problems, path).map((message) => (
        <p key={message} className="admin-error admin-field__error" role="alert">
          {message}
        </p>
      ))}
      <ol className="block-field__items">
        {items.map((item, index) => {
          const itemPath = `${path}[${index + 1}]`;
          const itemLabel = `${name} ${index + 1}`;
          return (
            <li
              key={index}
              className="block-field__item"
              data-invalid={hasProblemWithin(problems, itemPath) || undefined}
            >
              {isObjectList(field) ? (
                <fieldset className="admin-fieldset">
                  <legend>{itemLabel}</legend>
                  {problemsAt(problems, itemPath).map((message) => (
                    <p key={message} className="admin-error admin-field__error" role="alert">
                      {message}
                    </p>
                  ))}
                  {Object.entries(field.fields).map(([key, child]) => {
                    const data: BlockData = typeof item === 'object' && item !== null ? (item as BlockData) : {};
                    return (
                      <BlockField
                        key={key}
                        field={child}
                        path={`${itemPath}.${key}`}
                        label={child.label}
                        value={data[key]}
                        blockId={blockId}
                        problems={problems}
                        onChange={(next) => {
                          set(items.map((other, at) => (at === index ? withField(data, key, next) : other)));
                        }}
                      />
                    );
                  })}
                </fieldset>
              ) : (
                <BlockField
                  field={field.item}
                  path={itemPath}
                  label={itemLabel}
                  value={item}
                  blockId={blockId}
                  problems={problems}
                  inList
                  onChange={(next) => {
                    set(items.map((other, at) => (at === index ? next : other)));
                  }}
                />
              )}
              <div className="admin-actions block-field__item-actions">
                <AdminButton
                  id={`${id}-${index + 1}-up`}
                  aria-label={`Move up: ${itemLabel}`}
                  disabled={index === 0}
                  onClick={() => {
                    set(moveBlock(items, index, index - 1));
                    focusItem(index - 1, index - 1 === 0 ? 'down' : 'up');
                  }}
                >
                  Move up
                </AdminButton>
                <AdminButton
                  id={`${id}-${index + 1}-down`}
                  aria-label={`Move down: ${itemLabel}`}
                  disabled={index === items.length - 1}
                  onClick={() => {
                    set(moveBlock(items, index, index + 1));
                    focusItem(index + 1, index + 1 === items.length - 1 ? 'up' : 'down');
                  }}
                >
                  Move down
                </AdminButton>
                <AdminButton
                  variant="danger"
                  aria-label={`Remove ${itemLabel}`}
                  onClick={() => {
                    set(removeAt(items, index));
                    requestAnimationFrame(() => {
                      document.getElementById(`${id}-add`)?.focus();
                    });
                  }}
                >
                  Remove
                </AdminButton>
              </div>
            </li>
          );
        })}
      </ol>
      <AdminButton
        id={`${id}-add`}
        disabled={atMax}
        onClick={() => {
          set([...items, emptyItem(field)]);
        }}
      >
        Add {name.toLowerCase()}
      </AdminButton>
      {atMax && <p className="admin-muted">This list is full: remove an item to add another.</p>}
    </fieldset>
  );
}
