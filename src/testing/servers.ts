import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { serverEndpoints } from '../../contract/server';
import { callEndpoint } from '../api/http';
import { renderApp, signInAs } from './render';
import { as } from './resources';

/** Signs in as demo and opens the page of the demo server `title` (a seeded one: web-1, build-box). */
export async function openServerPage(title: string, tab?: string) {
  const session = await signInAs('demo');
  const { servers } = await callEndpoint(serverEndpoints.list, {}, as(session));
  const server = servers.server.find((item) => item.title === title)!;
  const view = renderApp({
    session,
    path: `/servers/${server.uuid}${tab ? `?tab=${tab}` : ''}`,
  });
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
  return { ...view, session, uuid: server.uuid };
}

/**
 * Opens web-1 (running), clicks `button` and checks that the dialog `dialogName` says `reason` and
 * keeps `submit` disabled: an operation that needs a stopped server.
 */
export async function expectRefusedWhileRunning(
  button: string,
  dialogName: string,
  reason: string,
  submit: string,
) {
  const { user } = await openServerPage('web-1');
  await user.click(screen.getByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  expect(dialog).toHaveTextContent(reason);
  expect(within(dialog).getByRole('button', { name: submit })).toBeDisabled();
  return dialog;
}

/** The page's success notice says `text`: the one way an action confirms its result. */
export async function expectNotice(text: string) {
  expect((await screen.findByText(text)).closest('[role="status"]')).toBeVisible();
}
