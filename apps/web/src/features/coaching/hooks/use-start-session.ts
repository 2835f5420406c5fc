import { useNavigate } from 'react-router';
import { errorMessage } from '#lib/error-messages';
import { useStartConversation } from '../api/coaching-api';
import { conversationPath } from '../utils/conversation';

/** "Empezar una sesión": `coaching.start({ kind: 'session' })`, then its screen. */
export function useStartSession() {
  const navigate = useNavigate();
  const start = useStartConversation();
  const startSession = () => {
    start.mutate({ kind: 'session' }, { onSuccess: (conversation) => void navigate(conversationPath('session', conversation.id)) });
  };
  return {
    startSession,
    pending: start.isPending,
    error: start.isError ? errorMessage(start.error, 'coach-start') : null,
  };
}
