'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { clientModeOf, type ClientMode } from './client-mode';

/** What the server knew before rendering: the environment and the client's mode. */
export interface ClientEnv {
  envType: 'test' | 'production';
  mode: ClientMode;
}

const ClientEnvContext = createContext<ClientEnv>({ envType: 'production', mode: clientModeOf('') });

export function ClientEnvProvider({ value, children }: { value: ClientEnv; children: ReactNode }) {
  return <ClientEnvContext.Provider value={value}>{children}</ClientEnvContext.Provider>;
}

export function useClientEnv(): ClientEnv {
  return useContext(ClientEnvContext);
}
