export * from './stock';
export * from './categories';
export * from './orders';
export * from './auth';
