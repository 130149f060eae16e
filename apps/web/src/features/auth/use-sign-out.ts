import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { endSession } from '../../lib/session';
import { closeLiveUpdates } from '../notifications/live-updates';

/** Signs out: ends the server session, forgets every cached answer and goes to the root path. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    // Stop listening first: the session's end must not read as an expired session on the stream.
    closeLiveUpdates();
    try {
      await api.delete('/api/session');
    } catch {
      // The session may already be gone on the server; signing out locally is what matters now.
    }
    endSession(queryClient);
    await navigate('/', { replace: true });
  }, [queryClient, navigate]);
}
