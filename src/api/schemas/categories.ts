import * as z from 'zod/mini';
import './messages';

/** Body of Create Category (§4.10). Source fields let the hub map the category automatically. */
export const CategoryCreate = z.lazy(() =>
  z.object({
    Title: z.string().check(z.minLength(1)),
    CategorySource: z.string().check(z.minLength(1)),
    CategorySourceId: z.number().check(z.int()),
    CategorySourceParent: z.nullable(z.string()),
    CategorySourceParentId: z.nullable(z.number().check(z.int())),
  }),
);
export type CategoryCreate = z.infer<typeof CategoryCreate>;

/** Body of Update Category (§4.11): the category is found by source and source id. */
export const CategoryUpdate = z.lazy(() =>
  z.object({
    Title: z.string().check(z.minLength(1)),
    CategorySource: z.string().check(z.minLength(1)),
    CategorySourceId: z.number().check(z.int()),
  }),
);
export type CategoryUpdate = z.infer<typeof CategoryUpdate>;

/** Response of Create and Update Category. */
export const CategoryWriteResult = z.lazy(() => z.looseObject({ title: z.string(), categoryId: z.number() }));
export type CategoryWriteResult = z.infer<typeof CategoryWriteResult>;

/** A mapping of a hub category to a destination channel's category. */
export const CategoryMapping = z.lazy(() => z.looseObject({ channel: z.string(), channelCategoryId: z.string() }));

/** A stored category as GetCategories returns it (shape chosen by us; §2.7 fields plus mappings). */
export const Category = z.lazy(() =>
  z.looseObject({
    internalId: z.number(),
    Title: z.string(),
    CategorySource: z.string(),
    CategorySourceId: z.nullable(z.number()),
    CategorySourceParent: z.optional(z.nullable(z.string())),
    CategorySourceParentId: z.optional(z.nullable(z.number())),
    mappings: z.optional(z.array(CategoryMapping)),
  }),
);
export type Category = z.infer<typeof Category>;

/** One hit of Search Category: a category of the channel's own tree, to pick for a mapping. */
export const CategorySearchHit = z.lazy(() =>
  z.looseObject({
    id: z.string(),
    name: z.string(),
    path: z.string(),
    channel: z.string(),
  }),
);
export type CategorySearchHit = z.infer<typeof CategorySearchHit>;

/** Body of Map Category (shape chosen by us): hub category → a destination channel's category. */
export const CategoryMapInput = z.lazy(() =>
  z.object({
    internalId: z.number().check(z.int()),
    channel: z.string().check(z.minLength(1)),
    channelCategoryId: z.string().check(z.minLength(1)),
  }),
);
export type CategoryMapInput = z.infer<typeof CategoryMapInput>;

/** Response of Map Category. */
export const CategoryMapResult = z.lazy(() =>
  z.looseObject({
    internalId: z.number(),
    channel: z.string(),
    channelCategoryId: z.string(),
    message: z.optional(z.string()),
  }),
);
export type CategoryMapResult = z.infer<typeof CategoryMapResult>;

/** Response of Delete Category. */
export const CategoryDeleteResult = z.lazy(() => z.looseObject({ internalId: z.number(), message: z.optional(z.string()) }));
export type CategoryDeleteResult = z.infer<typeof CategoryDeleteResult>;
