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

export { Quill };
