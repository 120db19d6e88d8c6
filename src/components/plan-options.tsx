import MenuItem from '@mui/material/MenuItem';
import type { Plan } from '../../contract/plan';
import { describePlan } from '../lib/pricing';

/** A select's options for server plans, each named "name: cores, memory and disk". */
export function planOptions(plans: readonly Plan[] | undefined) {
  return (plans ?? []).map((plan) => (
    <MenuItem key={plan.name} value={plan.name}>
      {`${plan.name}: ${describePlan(plan)}`}
    </MenuItem>
  ));
}
