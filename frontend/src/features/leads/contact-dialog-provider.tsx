import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { ContactDialogContext, type ContactDialogApi } from '@/components/contact-dialog/contact-dialog-context';
import { runtimeConfig } from '@/config/runtime-config';
import { resolveUrl } from '@/lib/urls';

const loadContactDialog = () => import('@/features/leads/components/contact-dialog');
const ContactDialog = lazy(async () => ({ default: (await loadContactDialog()).ContactDialog }));

function preload() {
  loadContactDialog().catch((error: unknown) => {
    console.error('Contact dialog failed to load:', error);
  });
}

/** Endpoints from the runtime configuration, resolved against the Supabase URL. */
function contactEndpoints() {
  const { supabaseUrl, webhookUrl, captchaChallengeUrl, captchaProvider } = runtimeConfig;
  return {
    webhookUrl: webhookUrl ? resolveUrl(webhookUrl, supabaseUrl) : undefined,
    captchaChallengeUrl: captchaChallengeUrl ? resolveUrl(captchaChallengeUrl, supabaseUrl) : undefined,
    captchaProvider,
  };
}

interface DialogState {
  open: boolean;
  openedAt: number;
  /** Once loaded the dialog stays mounted, so answers survive closing it. */
  mounted: boolean;
}

/** Hosts the one contact dialog of the public site; its code loads on first use. */
export function ContactDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<DialogState>({ open: false, openedAt: 0, mounted: false });
  const [endpoints] = useState(contactEndpoints);

  const api = useMemo<ContactDialogApi>(
    () => ({
      open() {
        setState({ open: true, openedAt: Date.now(), mounted: true });
      },
      preload,
    }),
    [],
  );

  return (
    <ContactDialogContext value={api}>
      {children}
      {state.mounted && (
        <Suspense fallback={null}>
          <ContactDialog
            open={state.open}
            openedAt={state.openedAt}
            onClose={() => {
              setState((current) => ({ ...current, open: false }));
            }}
            {...endpoints}
          />
        </Suspense>
      )}
    </ContactDialogContext>
  );
}
