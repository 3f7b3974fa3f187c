import * as z from 'zod/mini';
import './messages';

/** Response of `POST /login` (hub-api-notes). `expires_in` is in seconds (about one week). */
export const LoginResult = z.lazy(() =>
  z.looseObject({
    access_token: z.string().check(z.minLength(1)),
    token_type: z.string(),
    expires_in: z.number(),
  }),
);
export type LoginResult = z.infer<typeof LoginResult>;

/** Error bodies seen: ASP.NET's `{Message}`, the category `{message}`, OAuth's `{error, error_description}`. */
export const HubErrorBody = z.lazy(() =>
  z.looseObject({
    Message: z.optional(z.string()),
    message: z.optional(z.string()),
    error: z.optional(z.string()),
    error_description: z.optional(z.string()),
  }),
);
export type HubErrorBody = z.infer<typeof HubErrorBody>;
