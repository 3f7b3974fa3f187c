/**
 * zod/mini loads no locale, so every issue would read "Invalid input". The English locale gives
 * the messages a user sees today ("Too small: expected number to be >=50", "Invalid input:
 * expected string, received number"), in settings, in "was not sent" errors and in row messages.
 * Imported for its effect by every module that defines schemas: whichever of them a caller loads
 * (the bundle or a unit test), the messages are the same. Named import: the other locales stay
 * out of the bundle.
 */
import { config } from 'zod/mini';
import { en } from 'zod/locales';

config(en());
