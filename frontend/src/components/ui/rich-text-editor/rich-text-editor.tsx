import { useEffect, useId, useRef, useState } from 'react';
import type QuillType from 'quill';
import { tabbableElements } from '@/components/ui/dialog';
import type { ToolbarConfig } from './toolbars';

export interface RichTextEditorProps {
  /** HTML content. */
  value: string;
  onChange: (html: string) => void;
  toolbar: ToolbarConfig;
  /** Accessible name of the editing area. */
  label: string;
  placeholder?: string;
  /** Minimum height of the editing area, in pixels. */
  minHeight?: number;
  /**
   * Uploads a picked image and resolves to its URL; the image is then inserted at the
   * cursor. Without it the image button embeds the file as a data URL (Quill's default).
   */
  onImageUpload?: (file: File) => Promise<string>;
  /**
   * Lets the admin choose an image (a media picker) and resolves to its URL and alt text, or
   * null when none was chosen; the image is then inserted at the cursor with its alt text.
   * When given, the image button uses it instead of a file input (and onImageUpload).
   */
  pickImage?: () => Promise<EditorImage | null>;
  /** Called after an image has been inserted by the image button. */
  onImageInserted?: () => void;
}

/** An image for the editor's image button to insert. */
export interface EditorImage {
  url: string;
  alt: string;
}

const EMPTY_HTML = /^(<p>(<br>)?<\/p>)*$/;

/** Moves focus to the first control after `editor` in the page (Tab inside the editor types a tab). */
function focusAfter(editor: HTMLElement) {
  const next = tabbableElements(document.body).find(
    (element) =>
      !editor.contains(element) &&
      element.getClientRects().length > 0 &&
      (editor.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
  );
  next?.focus();
}

/** A Quill (v2, snow theme) editor; Quill itself is loaded on first use, in its own chunk. */
export function RichTextEditor({
  value,
  onChange,
  toolbar,
  label,
  placeholder,
  minHeight = 200,
  onImageUpload,
  pickImage,
  onImageInserted,
}: RichTextEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<QuillType | null>(null);
  const emittedRef = useRef<string>(value);
  const latest = useRef({ value, onChange, onImageUpload, pickImage, onImageInserted });
  const [ready, setReady] = useState(false);
  const hintId = useId();

  useEffect(() => {
    latest.current = { value, onChange, onImageUpload, pickImage, onImageInserted };
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let cancelled = false;
    let quill: QuillType | null = null;
    const container = document.createElement('div');
    host.appendChild(container);

    void import('./quill-setup').then(({ Quill, namePickers }) => {
      if (cancelled) return;
      /** Inserts the image at `index` (with its alt text) and puts the cursor after it. */
      const insertImage = (editor: QuillType, index: number, url: string, alt?: string) => {
        editor.updateContents([{ retain: index }, { insert: { image: url }, attributes: alt ? { alt } : {} }], 'user');
        editor.setSelection(index + 1, 0, 'silent');
      };

      const chooseImage = () => {
        const { pickImage: pick, onImageUpload: upload } = latest.current;
        const editor = quill;
        if (!editor) return;
        if (pick) {
          // The cursor is kept before the picker takes the focus.
          const { index } = editor.getSelection(true);
          pick().then(
            (image) => {
              if (!image) return;
              insertImage(editor, index, image.url, image.alt);
              latest.current.onImageInserted?.();
            },
            () => {
              // The picker reports its own failure.
            },
          );
          return;
        }
        const input = document.createElement('input');
        input.type = 'file';
        input.accept = 'image/*';
        input.addEventListener('change', () => {
          const file = input.files?.[0];
          if (!file) return;
          const { index } = editor.getSelection(true);
          if (upload) {
            upload(file).then(
              (url) => {
                insertImage(editor, index, url);
                latest.current.onImageInserted?.();
              },
              () => {
                // The uploader reports its own failure.
              },
            );
          } else {
            const reader = new FileReader();
            reader.onload = () => {
              if (typeof reader.result === 'string') insertImage(editor, index, reader.result);
            };
            reader.readAsDataURL(file);
          }
        });
        input.click();
      };

      quill = new Quill(container, {
        theme: 'snow',
        placeholder,
        modules: {
          toolbar: { container: toolbar, handlers: { image: chooseImage } },
          history: { delay: 1000, maxStack: 100, userOnly: true },
        },
      });
      quill.root.setAttribute('aria-label', label);
      quill.root.setAttribute('aria-multiline', 'true');
      quill.root.setAttribute('role', 'textbox');
      quill.root.setAttribute('aria-describedby', hintId);
      // Tab types a tab in the text; Escape (or Ctrl+M) leaves the editor for the next control.
      const leave = () => {
        focusAfter(host);
        return false;
      };
      quill.keyboard.addBinding({ key: 'Escape' }, leave);
      quill.keyboard.addBinding({ key: 'm', ctrlKey: true }, leave);
      namePickers((quill.getModule('toolbar') as { container: HTMLElement }).container);
      quill.root.style.minHeight = `${minHeight}px`;
      const initial = latest.current.value;
      if (initial) quill.setContents(quill.clipboard.convert({ html: initial }), 'silent');
      emittedRef.current = initial;
      quill.on('text-change', () => {
        if (!quill) return;
        const html = EMPTY_HTML.test(quill.root.innerHTML) ? '' : quill.root.innerHTML;
        emittedRef.current = html;
        latest.current.onChange(html);
      });
      quillRef.current = quill;
      setReady(true);
    });

    return () => {
      cancelled = true;
      quillRef.current = null;
      host.replaceChildren();
    };
    // The toolbar, label, placeholder and height are fixed for an editor's lifetime.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Outside changes (a post loaded for editing, a reset form) replace the content.
  useEffect(() => {
    const quill = quillRef.current;
    if (!quill || value === emittedRef.current) return;
    emittedRef.current = value;
    quill.setContents(quill.clipboard.convert({ html: value }), 'silent');
    quill.history.clear();
  }, [value, ready]);

  return (
    <div className="rich-text-editor" aria-busy={!ready}>
      <div ref={hostRef} />
      <p id={hintId} className="rich-text-editor__hint">
        Tab types a tab here. Press Esc to move on from the editor.
      </p>
      {!ready && (
        <div className="rich-text-editor__loading" style={{ minHeight }}>
          Loading editor…
        </div>
      )}
    </div>
  );
}
