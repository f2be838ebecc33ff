/* Minimal <ctype.h> for tvla's C front end. */
#ifndef _TVLA_CTYPE_H
#define _TVLA_CTYPE_H
int isalpha(int c);
int isdigit(int c);
int isalnum(int c);
int isspace(int c);
int isupper(int c);
int islower(int c);
int toupper(int c);
int tolower(int c);
#endif
