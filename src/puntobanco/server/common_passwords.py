"""Passwords too common to accept, whatever their length.

NIST SP 800-63B (5.1.1.2) asks a verifier to refuse passwords found in lists of commonly
used or breached ones. A short list is shipped (no download at run time): the most frequent
passwords of 8 characters or more in the public breach-frequency lists (SecLists'
10-million-password list, its top entries), with Spanish ones beside them. Compared after
lower-casing, so ``Password`` and ``PASSWORD`` are refused too.
"""

from __future__ import annotations

COMMON_PASSWORDS = frozenset(
    {
        "12345678", "123456789", "1234567890", "12345678910", "123123123", "111111111",
        "11111111", "00000000", "88888888", "987654321", "87654321", "123456789a",
        "1q2w3e4r", "1q2w3e4r5t", "1qaz2wsx", "qwertyui", "qwertyuiop", "qwerty123",
        "qwerty12", "asdfghjk", "asdfghjkl", "zxcvbnm1", "password", "password1",
        "password12", "password123", "passw0rd", "p@ssw0rd", "iloveyou", "iloveyou1",
        "sunshine", "princess", "football", "baseball", "superman", "starwars",
        "whatever", "trustno1", "computer", "michelle", "jennifer", "corvette",
        "mercedes", "internet", "letmein1", "welcome1", "abcd1234", "abc12345",
        "aa123456", "a1234567", "abcdefgh", "changeme", "access14",
        "master12", "football1", "baccarat", "puntobanco", "contraseña", "contrasena",
        "contraseña1", "contrasena1", "teamo123", "tequiero", "estrella", "mariposa",
        "barcelona", "realmadrid", "america1", "chocolate", "alejandro", "fernando",
        "princesa", "corazon1", "amorcito", "hola1234", "futbol10",
    }
)  # fmt: skip


def is_common(password: str) -> bool:
    """Whether ``password`` is one of :data:`COMMON_PASSWORDS` (ignoring case).

    >>> is_common("Password1"), is_common("correct horse battery")
    (True, False)
    """
    return password.lower() in COMMON_PASSWORDS
