import { categoryTree, PATH_SEPARATOR } from '../../../../src/core/categories/tree';
import type { Category } from '../../../../src/api/schemas/categories';

const cat = (internalId: number, Title: string, parent: number | null = null): Category => ({
  internalId,
  Title,
  CategorySource: 'magento',
  CategorySourceId: internalId * 10,
  CategorySourceParent: null,
  CategorySourceParentId: parent,
  mappings: [],
});
const view = (cats: Category[]) => categoryTree(cats).map((e) => [e.path, e.level, e.problem]);
const p = (...parts: string[]) => parts.join(PATH_SEPARATOR);

describe('categoryTree', () => {
  it('lists parents before children, siblings by title, with the path from the root and the level', () => {
    const cats = [cat(5, 'Tazas', 2), cat(2, 'Cocina', 1), cat(1, 'Hogar'), cat(3, 'Baño', 1), cat(4, 'Juguetes'), cat(6, 'Vasos', 2)];
    expect(view(cats)).toEqual([
      ['Hogar', 1, null],
      [p('Hogar', 'Baño'), 2, null],
      [p('Hogar', 'Cocina'), 2, null],
      [p('Hogar', 'Cocina', 'Tazas'), 3, null],
      [p('Hogar', 'Cocina', 'Vasos'), 3, null],
      ['Juguetes', 1, null],
    ]);
  });

  it('orders siblings ignoring case and accents, then by id', () => {
    expect(view([cat(3, 'b'), cat(1, 'Á'), cat(2, 'a')]).map((e) => e[0])).toEqual(['Á', 'a', 'b']);
  });

  it('shows a category whose parent is missing as a root, and says why', () => {
    expect(view([cat(7, 'Huérfana', 99)])).toEqual([
      ['Huérfana', 1, 'its parent (Parent id 99) is not among the categories of this channel'],
    ]);
  });

  it('never loops on a parent cycle, and lists every category exactly once', () => {
    const cats = [cat(1, 'A', 2), cat(2, 'B', 1), cat(3, 'Self', 3), cat(4, 'Root')];
    const tree = categoryTree(cats);
    expect(tree.map((e) => e.category.internalId).sort()).toEqual([1, 2, 3, 4]);
    expect(tree.find((e) => e.category.internalId === 3)!.problem).toMatch(/names itself/);
    expect(tree.find((e) => e.category.internalId === 1)!.problem).toMatch(/cycle/);
  });

  it('keeps a deep chain without recursion limits', () => {
    const deep = Array.from({ length: 5000 }, (_, i) => cat(i + 1, `N${i + 1}`, i === 0 ? null : i));
    const tree = categoryTree(deep);
    expect(tree[4999].level).toBe(5000);
  });

  it('takes each id once', () => {
    expect(categoryTree([cat(1, 'A'), cat(1, 'A again')])).toHaveLength(1);
  });
});
