import { COUNTRIES } from '@contentrepo/core';
import type { RestHandler } from '../http/rest-context.js';
import type { RouteDefinition } from '../http/route-table.js';
import { list, obj, val } from '../output/node.js';
import { resource } from './route-support.js';

/** GET /services/countries → CountryList. */
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

/** The `/services` routes of Ibexa's REST API. */
export const serviceRoutes: readonly RouteDefinition<RestHandler>[] = [
  { path: '/services/countries', methods: [['GET', countries]] },
];
