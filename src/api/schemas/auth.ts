import * as z from 'zod';

/** Response of `POST /login` (hub-api-notes). `expires_in` is in seconds (about one week). */
export const LoginResult = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number(),
});
export type LoginResult = z.infer<typeof LoginResult>;

/** Error bodies seen: ASP.NET's `{Message}`, the category `{message}`, OAuth's `{error, error_description}`. */
export const HubErrorBody = z.looseObject({
  Message: z.string().optional(),
  message: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});
export type HubErrorBody = z.infer<typeof HubErrorBody>;
