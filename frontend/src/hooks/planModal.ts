import { createContext, useContext } from 'react';

/** Lets a signed-in screen (Settings) open the plan modal that the shell owns. */
export const PlanModalContext = createContext<() => void>(() => undefined);

export function useOpenPlanModal(): () => void {
  return useContext(PlanModalContext);
}
