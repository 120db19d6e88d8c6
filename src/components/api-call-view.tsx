import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { apiUrl } from '../api/http';
import { CopyButton } from './copy-button';

/** A request to show: what a dialog will send, or what the panel sent (recorded in api/http). */
export interface ApiCallRequest {
  method: string;
  /** Path with query, such as `/1.3/storage?…`. */
  path: string;
  body?: unknown;
}

/** Stands in for the bearer token: a shell expands it, and the panel's token is never shown. */
export const tokenPlaceholder = '$SKYDECK_TOKEN';

/** Stands in for passwords in a body (new subaccounts and customer accounts), like the token. */
export const passwordPlaceholder = '<redacted>';

const redacted = (body: unknown): unknown =>
  JSON.parse(
    JSON.stringify(body, (key, value: unknown) =>
      /password/i.test(key) && typeof value === 'string' ? passwordPlaceholder : value,
    ),
  );

const absoluteUrl = (path: string) => new URL(apiUrl(path), window.location.origin).href;

const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

function headers(call: ApiCallRequest): Record<string, string> {
  return {
    Accept: 'application/json',
    Authorization: `Bearer ${tokenPlaceholder}`,
    ...(call.body === undefined ? {} : { 'Content-Type': 'application/json' }),
  };
}

/** The request as a curl command; the token comes from the shell's SKYDECK_TOKEN variable. */
export function toCurl(call: ApiCallRequest): string {
  const lines = [`curl -X ${call.method} ${shellQuote(absoluteUrl(call.path))}`];
  for (const [name, value] of Object.entries(headers(call))) {
    // Double quotes so the shell expands $SKYDECK_TOKEN.
    lines.push(
      name === 'Authorization' ? `-H "${name}: ${value}"` : `-H ${shellQuote(`${name}: ${value}`)}`,
    );
  }
  if (call.body !== undefined) lines.push(`-d ${shellQuote(JSON.stringify(redacted(call.body)))}`);
  return lines.join(' \\\n  ');
}

/** The request as JSON: method, address, headers (token redacted) and body. */
export function toJson(call: ApiCallRequest): string {
  return JSON.stringify(
    {
      method: call.method,
      url: absoluteUrl(call.path),
      headers: headers(call),
      ...(call.body === undefined ? {} : { body: redacted(call.body) }),
    },
    null,
    2,
  );
}

function Block({ title, text }: { title: string; text: string }) {
  return (
    <Box component="section" aria-label={title}>
      {/* Not a heading: the view opens on pages (after an h1) and in dialogs (after an h2). */}
      <Typography variant="subtitle2" component="p" gutterBottom>
        {title}
      </Typography>
      <Box
        component="pre"
        tabIndex={0}
        sx={{
          m: 0,
          mb: 1,
          p: 1.5,
          overflowX: 'auto',
          fontSize: '0.8125rem',
          bgcolor: 'action.hover',
          borderRadius: 1,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        <code>{text}</code>
      </Box>
      <CopyButton text={text} label={`Copy ${title}`} />
    </Box>
  );
}

/** curl and JSON of one request, each copyable. Loaded on demand by ApiCallPanel. */
export default function ApiCallView({ call }: { call: ApiCallRequest }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Block title="curl" text={toCurl(call)} />
      <Block title="JSON" text={toJson(call)} />
    </Box>
  );
}
