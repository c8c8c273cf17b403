import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/** A TOTP factor being set up: shown as a QR code and as its secret, verified with a first code. */
export interface TotpEnrolment {
  factorId: string;
  /** The QR code as an image address (supabase-js makes the server's SVG a data URL). */
  qrCode: string;
  /** The base32 secret, for typing into an app by hand. */
  secret: string;
}

const SVG_DATA_PREFIX = /^data:image\/svg\+xml;utf-8,/;

/**
 * The enrolment's QR code as an image address that every browser shows. supabase-js makes the
 * server's SVG a data URL by prefixing it as it is, and a '#' in the SVG (its colours) would
 * end the address there; the SVG is percent-encoded instead. Other addresses are kept.
 */
export function qrCodeImage(qrCode: string): string {
  if (qrCode.startsWith('<')) return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrCode)}`;
  if (!SVG_DATA_PREFIX.test(qrCode)) return qrCode;
  const svg = qrCode.replace(SVG_DATA_PREFIX, '');
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** What authenticator apps list the factor as. */
export const FACTOR_NAME = 'ClaimBridge admin';

/**
 * Starts a TOTP enrolment. An earlier one left unfinished (an unverified factor) is removed
 * first, so starting again never fails on its name.
 */
export async function enrollTotp(): Promise<TotpEnrolment> {
  const listed = await supabase.auth.mfa.listFactors();
  if (listed.error) throw listed.error;
  for (const factor of listed.data.all) {
    if (factor.factor_type === 'totp' && factor.status === 'unverified') {
      const removed = await supabase.auth.mfa.unenroll({ factorId: factor.id });
      if (removed.error) throw removed.error;
    }
  }
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: FACTOR_NAME });
  if (error) throw error;
  return { factorId: data.id, qrCode: qrCodeImage(data.totp.qr_code), secret: data.totp.secret };
}

export function useEnrollTotp() {
  return useMutation({ mutationFn: enrollTotp });
}
