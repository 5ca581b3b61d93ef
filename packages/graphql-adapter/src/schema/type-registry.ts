import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLID,
  GraphQLInt,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLString,
  isInputType,
  isOutputType,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLType,
} from 'graphql';

/**
 * The named types of a schema under construction. Like Ibexa's schema workers it never overwrites: the first
 * type registered under a name wins and later ones are skipped with a warning. Types are referenced by SDL notation
 * (`[ImageFieldValue]`, `Int!`), resolved lazily inside field thunks, so generated types may refer to each other in any
 * order.
 */
export class TypeRegistry {
  private readonly types = new Map<string, GraphQLNamedType>();

  constructor(private readonly warn: (message: string) => void) {
    for (const scalar of [GraphQLString, GraphQLInt, GraphQLFloat, GraphQLBoolean, GraphQLID]) this.types.set(scalar.name, scalar);
  }

  /** Registers a type; returns false (and warns) when the name is taken. */
  add(type: GraphQLNamedType): boolean {
    if (this.types.has(type.name)) {
      this.warn(`Skipping type '${type.name}': a type with that name already exists in the schema`);
      return false;
    }
    this.types.set(type.name, type);
    return true;
  }

  has(name: string): boolean {
    return this.types.has(name);
  }

  /** @throws Error for an unknown name (a bug in the builder). */
  named(name: string): GraphQLNamedType {
    const type = this.types.get(name);
    if (!type) throw new Error(`Schema builder: unknown type '${name}'`);
    return type;
  }

  /** A registered interface. @throws Error when unknown or not an interface. */
  interface(name: string): GraphQLInterfaceType {
    const type = this.named(name);
    if (!(type instanceof GraphQLInterfaceType)) throw new Error(`Schema builder: '${name}' is not an interface`);
    return type;
  }

  /** An output type from SDL notation. @throws Error when unknown or not an output type. */
  output(ref: string): GraphQLOutputType {
    const type = this.resolve(ref);
    if (!isOutputType(type)) throw new Error(`Schema builder: '${ref}' is not an output type`);
    return type;
  }

  /** An input type from SDL notation. @throws Error when unknown or not an input type. */
  input(ref: string): GraphQLInputType {
    const type = this.resolve(ref);
    if (!isInputType(type)) throw new Error(`Schema builder: '${ref}' is not an input type`);
    return type;
  }

  /** Every registered type (built-in scalars excluded). */
  all(): GraphQLNamedType[] {
    return [...this.types.values()].filter((type) => !['String', 'Int', 'Float', 'Boolean', 'ID'].includes(type.name));
  }

  private resolve(ref: string): GraphQLType {
    const trimmed = ref.trim();
    if (trimmed.endsWith('!')) {
      const inner = this.resolve(trimmed.slice(0, -1));
      if (inner instanceof GraphQLNonNull) throw new Error(`Schema builder: bad type reference '${ref}'`);
      return new GraphQLNonNull(inner);
    }
    if (trimmed.startsWith('[') && trimmed.endsWith(']')) return new GraphQLList(this.resolve(trimmed.slice(1, -1)));
    return this.named(trimmed);
  }
}
