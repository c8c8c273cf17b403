/**
 * Loaded on demand by <RichTextEditor />: Quill, its theme and the sanitising formats live in
 * this chunk only.
 */
import Quill from 'quill';
import Image from 'quill/formats/image';
import Link from 'quill/formats/link';
import 'quill/dist/quill.snow.css';
import { hasAllowedProtocol, IMAGE_PROTOCOLS, LINK_PROTOCOLS } from './toolbars';

class SafeLink extends Link {
  static override PROTOCOL_WHITELIST = [...LINK_PROTOCOLS];
  static override sanitize(url: string): string {
    return hasAllowedProtocol(url, LINK_PROTOCOLS) ? url : Link.SANITIZED_URL;
  }
}

class SafeImage extends Image {
  static override sanitize(url: string): string {
    return hasAllowedProtocol(url, IMAGE_PROTOCOLS) ? url : '//:0';
  }
}

Quill.register({ 'formats/link': SafeLink, 'formats/image': SafeImage }, true);

/** Names for the toolbar's drop-down pickers, which Quill leaves unnamed. */
const PICKER_NAMES: Readonly<Record<string, string>> = {
  header: 'Text style',
  align: 'Alignment',
  color: 'Text colour',
  background: 'Highlight colour',
  font: 'Font',
  size: 'Text size',
};

/** Gives each drop-down picker of a Quill toolbar an accessible name. */
export function namePickers(toolbar: HTMLElement): void {
  toolbar.querySelectorAll<HTMLElement>('.ql-picker').forEach((picker) => {
    const format = [...picker.classList].find((name) => name.startsWith('ql-') && name !== 'ql-picker')?.slice(3);
    if (!format) return;
    picker.querySelector('.ql-picker-label')?.setAttribute('aria-label', PICKER_NAMES[format] ?? format);
  });
}

export { Quill };
