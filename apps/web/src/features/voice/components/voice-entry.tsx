import { Suspense, lazy, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { offerMessageDraft, returnFocusToOpener, useVoiceEntryRequests } from '#lib/voice-entry';

/** The recorder, its own chunk: loaded the first time someone presses "Entrada rápida por voz". */
const VoiceDialog = lazy(() => import('./voice-dialog'));

/**
 * Mounted once for signed-in people (app/signed-in-app.tsx): opens the voice recorder when the step
 * counter's button asks (lib/voice-entry.ts), and hands its transcript to Home's message box, going to
 * Home first when the person is elsewhere. Nothing is sent to the coach from here.
 */
export function VoiceEntry() {
  const requests = useVoiceEntryRequests();
  const [closedAt, setClosedAt] = useState(0);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const open = requests > closedAt;

  const close = () => setClosedAt(requests);
  const handOver = (text: string | null) => {
    offerMessageDraft(text);
    close();
    if (pathname !== '/') void navigate('/');
  };

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <VoiceDialog
        key={requests}
        open
        onTranscript={(text) => handOver(text)}
        onType={() => handOver(null)}
        onClose={() => {
          close();
          returnFocusToOpener();
        }}
      />
    </Suspense>
  );
}
