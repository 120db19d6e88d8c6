import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StateChip } from './state-chip';

const chip = (state: string, progress?: string) => {
  const { unmount } = render(<StateChip state={state} progress={progress} showProgress />);
  const element = screen.getByText(/./, { selector: '.MuiChip-label' }).closest('.MuiChip-root')!;
  return { text: element.textContent, className: element.className, unmount };
};

describe('StateChip', () => {
  it('shows API words as words', () => {
    const backup = chip('backuping', '40');
    expect(backup.text).toBe('backing up 40%');
    expect(screen.getByRole('progressbar', { name: 'Progress of backing up' })).toBeVisible();
    backup.unmount();
    const scaling = chip('scaling-up');
    expect(scaling.text).toBe('scaling up');
  });

  it('colours a state by what it means, the same in every group', () => {
    const colour = (state: string) => {
      const { className, unmount } = chip(state);
      unmount();
      return /MuiChip-color(\w+)/.exec(className)?.[1];
    };
    for (const state of ['started', 'running', 'online', 'active']) {
      expect(colour(state)).toBe('Success');
    }
    for (const state of ['stopped', 'terminated', 'idle']) expect(colour(state)).toBe('Default');
    for (const state of ['maintenance', 'backuping', 'cloning', 'scaling-up', 'setup-lb']) {
      expect(colour(state)).toBe('Info');
    }
    for (const state of ['pending', 'pending-peer']) expect(colour(state)).toBe('Warning');
    for (const state of ['error', 'failed', 'upgrade-failed']) expect(colour(state)).toBe('Error');
  });
});
