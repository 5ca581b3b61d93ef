import { COUNTRIES } from '@contentrepo/core';
import type { RestHandler } from '../http/context.js';
import { NotImplementedRestError } from '../http/errors.js';
import type { RouteDefinition } from '../http/route-table.js';
import { list, obj, val } from '../output/node.js';
import { resource } from './support.js';

/**
 * A route of rest.md §3 that this server declares (so OPTIONS lists exactly the methods of §7.2) but does not
 * serve yet: 501 with an ErrorMessage naming it.
 */
export const notYetImplemented =
  (what: string): RestHandler =>
  async () => {
    throw new NotImplementedRestError(`${what} is not implemented yet`);
  };

/** GET /services/countries → CountryList (rest.md §3.4 X1, §5.19). */
const countries: RestHandler = async () =>
  resource(
    obj('CountryList', 'CountryList', {}, [
      list(
        'Country',
        COUNTRIES.map((country) =>
          obj('Country', 'Country', { id: country.alpha2 }, [
            val('name', country.name),
            val('Alpha2', country.alpha2),
            val('Alpha3', country.alpha3),
            val('IDC', country.idc),
          ]),
        ),
      ),
    ]),
  );

/** Routes of rest.md §3.4 not served by another route module (declare routes not served yet here, with `notYetImplemented`). */
export const pendingRoutes: readonly RouteDefinition<RestHandler>[] = [
  { path: '/services/countries', methods: [['GET', countries]] },
];
