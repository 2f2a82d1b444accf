#!/bin/sh
# Makes the role and the database Crema uses on Debian's PostgreSQL 15 (apt-get install postgresql),
# as root: sh deploy/postgresql/setup.sh 'a long password'. Crema makes its tables itself at start.
set -eu
password=${1:?укажите пароль для роли crema: sh deploy/postgresql/setup.sh 'пароль'}
case "$password" in *"'"*) echo "пароль не должен содержать апостроф" >&2; exit 1 ;; esac
runuser -u postgres -- psql -v ON_ERROR_STOP=1 -q <<SQL
do \$\$ begin
  if not exists (select from pg_roles where rolname = 'crema') then
    create role crema login password '$password';
  else
    alter role crema password '$password';
  end if;
end \$\$;
SQL
if ! runuser -u postgres -- psql -tAc "select 1 from pg_database where datname = 'crema'" | grep -q 1; then
  # A UTF-8 character type whatever locale the cluster was made with: full-text search and trigrams
  # lowercase Cyrillic by it (sorting follows ICU ru-RU, which Crema sets itself).
  runuser -u postgres -- createdb --owner crema --encoding UTF8 --locale C.UTF-8 --template template0 crema
fi
echo "База crema готова: DATABASE_URL=postgres://crema:…@127.0.0.1:5432/crema"
