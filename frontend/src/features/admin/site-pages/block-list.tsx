import { useState } from 'react';
import { BLOCK_SCHEMA, kindSchema, type Block } from '@/components/blocks/block-schema';
import type { BlockProblem } from '@/components/blocks/validate-blocks';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { useConfirm } from '@/features/admin/shared/confirm-dialog';
import { AddBlockMenu } from './add-block-menu';
import { BlockField } from './block-fields';
import { addBlock, duplicateBlock, fieldShown, moveBlock, removeAt, replaceData, withField } from './block-editing';
import { problemText } from './block-problems';

/** The id of a block's heading (the summary's links and focus after a change land on it). */
export const blockHeadingId = (blockId: string) => `block-${blockId}-heading`;

/** A line saying what the block holds: its first heading-like text. */
function blockSummary(block: Block): string {
  for (const field of ['heading', 'title', 'quote', 'name']) {
    const value = block.data[field];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return '';
}

/** The block field a problem's path starts with (`cards[2].title` → cards). */
const topField = (path: string) => path.split(/[[.]/)[0] ?? path;

/** Focuses an element by id once React has drawn the change. */
function focusSoon(id: string, fallbackId?: string) {
  requestAnimationFrame(() => {
    const element = document.getElementById(id);
    const target = element instanceof HTMLButtonElement && element.disabled && fallbackId ? fallbackId : id;
    document.getElementById(target)?.focus();
  });
}

export interface BlockListProps {
  blocks: Block[];
  onChange: (blocks: Block[]) => void;
  /** Every problem of the page's blocks (validate-blocks.ts). */
  problems: readonly BlockProblem[];
}

/**
 * The page's blocks in order, each a card with its fields: add from the menu, reorder by dragging
 * the handle or with Move up / Move down (focus stays on the moved block's button), duplicate,
 * remove (asked first), collapse. A block of a kind this code no longer knows is flagged, with
 * Remove.
 */
export function BlockList({ blocks, onChange, problems }: BlockListProps) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [dragging, setDragging] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const { confirm, confirmDialog } = useConfirm();

  const toggle = (id: string) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  const move = (from: number, to: number, control?: 'up' | 'down') => {
    const block = blocks[from];
    if (!block) return;
    onChange(moveBlock(blocks, from, to));
    if (control) {
      const other = control === 'up' ? 'down' : 'up';
      focusSoon(`block-${block.id}-${control}`, `block-${block.id}-${other}`);
    }
  };

  const remove = async (index: number, label: string) => {
    const yes = await confirm({
      title: 'Remove this block?',
      children: (
        <p>
          The {label} block and everything in it leave the page when you save. Until then, leaving without saving keeps
          it; after a save, Revisions can bring it back.
        </p>
      ),
      confirmLabel: 'Remove block',
      danger: true,
    });
    if (!yes) return;
    const neighbour = blocks[index + 1] ?? blocks[index - 1];
    onChange(removeAt(blocks, index));
    focusSoon(neighbour ? blockHeadingId(neighbour.id) : 'block-list-title');
  };

  const atMax = blocks.length >= BLOCK_SCHEMA.maxBlocks;

  return (
    <section className="admin-card block-list" aria-labelledby="block-list-title">
      <h2 id="block-list-title" className="admin-card__title" tabIndex={-1}>
        Blocks
      </h2>
      <p className="admin-muted">
        {blocks.length === 0
          ? 'No blocks yet: add the first one. The page shows its blocks from top to bottom.'
          : `${blocks.length} of at most ${BLOCK_SCHEMA.maxBlocks} blocks, shown on the page from top to bottom. Drag a block by its handle, or use Move up and Move down.`}{' '}
        In any text, {'{company}'} shows as the company&apos;s name.
      </p>
      <ol className="block-list__blocks">
        {blocks.map((block, index) => {
          const schema = kindSchema(block.kind);
          const label = schema?.label ?? block.kind;
          const own = problems.filter((problem) => problem.block === index + 1);
          const isCollapsed = collapsed.has(block.id);
          const bodyId = `block-${block.id}-body`;
          const summary = blockSummary(block);
          return (
            <li
              key={block.id}
              className="block-card"
              data-invalid={own.length > 0 || undefined}
              data-unknown={!schema || undefined}
              data-drop={(dropAt === index && dragging !== null && dragging !== index) || undefined}
              onDragOver={(event) => {
                if (dragging === null) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                setDropAt(index);
              }}
              onDrop={(event) => {
                event.preventDefault();
                if (dragging !== null) move(dragging, index);
                setDragging(null);
                setDropAt(null);
              }}
            >
              <div className="block-card__head">
                <span
                  className="block-card__handle"
                  draggable
                  title="Drag to move"
                  aria-hidden="true"
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', block.id);
                    const card = event.currentTarget.closest('li');
                    if (card) event.dataTransfer.setDragImage(card, 16, 16);
                    setDragging(index);
                  }}
                  onDragEnd={() => {
                    setDragging(null);
                    setDropAt(null);
                  }}
                >
                  ⠿
                </span>
                <h3 id={blockHeadingId(block.id)} className="block-card__title" tabIndex={-1}>
                  <span className="block-card__number">{index + 1}.</span> {label}
                  {summary && <span className="block-card__summary"> · {summary}</span>}
                  {own.length > 0 && ' '}
                  {own.length > 0 && (
                    <span className="admin-badge admin-badge--danger">
                      {own.length === 1 ? '1 problem' : `${own.length} problems`}
                    </span>
                  )}
                </h3>
                <div className="block-card__actions">
                  <AdminButton
                    aria-expanded={!isCollapsed}
                    aria-controls={bodyId}
                    aria-label={`${isCollapsed ? 'Expand' : 'Collapse'} block ${index + 1}, ${label}`}
                    onClick={() => {
                      toggle(block.id);
                    }}
                  >
                    {isCollapsed ? 'Expand' : 'Collapse'}
                  </AdminButton>
                  <AdminButton
                    id={`block-${block.id}-up`}
                    aria-label={`Move up: block ${index + 1}, ${label}`}
                    disabled={index === 0}
                    onClick={() => {
                      move(index, index - 1, 'up');
                    }}
                  >
                    Move up
                  </AdminButton>
                  <AdminButton
                    id={`block-${block.id}-down`}
                    aria-label={`Move down: block ${index + 1}, ${label}`}
                    disabled={index === blocks.length - 1}
                    onClick={() => {
                      move(index, index + 1, 'down');
                    }}
                  >
                    Move down
                  </AdminButton>
                  {schema && (
                    <AdminButton
                      aria-label={`Duplicate block ${index + 1}, ${label}`}
                      disabled={atMax}
                      onClick={() => {
                        const next = duplicateBlock(blocks, index);
                        onChange(next);
                        const copy = next[index + 1];
                        if (copy) focusSoon(blockHeadingId(copy.id));
                      }}
                    >
                      Duplicate
                    </AdminButton>
                  )}
                  <AdminButton
                    variant="danger"
                    aria-label={`Remove block ${index + 1}, ${label}`}
                    onClick={() => {
                      void remove(index, label);
                    }}
                  >
                    Remove
                  </AdminButton>
                </div>
              </div>
              <div id={bodyId} className="block-card__body" hidden={isCollapsed}>
                {!schema ? (
                  <p className="admin-note" role="note">
                    <strong>This block&apos;s kind is no longer supported; it is skipped on the site.</strong> Its kind
                    is “{block.kind}”. Remove it, or keep it until a developer brings the kind back.
                  </p>
                ) : (
                  <>
                    {/* The block's own problems, and those of keys that are no field (no control shows them). */}
                    {own
                      .filter(
                        (problem) => problem.field === null || !Object.hasOwn(schema.fields, topField(problem.field)),
                      )
                      .map((problem) => (
                        <p key={problem.message} className="admin-error" role="alert">
                          {problemText(problem)}
                        </p>
                      ))}
                    {!isCollapsed &&
                      Object.entries(schema.fields)
                        .filter(([name]) => fieldShown(block.kind, name, block.data))
                        .map(([name, field]) => (
                          <BlockField
                            key={name}
                            field={field}
                            path={name}
                            label={field.label}
                            value={block.data[name]}
                            blockId={block.id}
                            problems={own}
                            onChange={(value) => {
                              onChange(replaceData(blocks, index, withField(block.data, name, value)));
                            }}
                          />
                        ))}
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      <AddBlockMenu
        disabled={atMax}
        onAdd={(kind) => {
          const next = addBlock(blocks, kind);
          onChange(next);
          const added = next[next.length - 1];
          if (added) focusSoon(blockHeadingId(added.id));
        }}
      />
      {confirmDialog}
    </section>
  );
}
